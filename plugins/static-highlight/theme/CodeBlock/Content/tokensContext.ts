/**
 * The build-time tokens of the code block being rendered: the `data-tokens` prop that
 * plugins/static-highlight writes on fenced blocks, passed from Content/String to Content.
 * Undefined for blocks a component builds at run time.
 */
import { createContext } from 'react';

export const CodeTokensContext = createContext<string | undefined>(undefined);
