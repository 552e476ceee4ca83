/**
 * The platform's facts as data: the one source pages, the generated reference and the facts
 * tests read (CONTRIBUTING.md "Platform facts" says which rule each encodes).
 */
export * from './apis';
export * from './constraints';
export * from './errors';
export * from './examples';
export * from './hosts';
export * from './limits';
