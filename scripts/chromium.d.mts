/** Types of scripts/chromium.mjs, for the TypeScript files that import it. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
