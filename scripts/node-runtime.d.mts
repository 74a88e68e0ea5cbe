// Types of node-runtime.mjs (JavaScript: it runs before anything can compile TypeScript).
export declare const PROJECT_NODE: { range: string; major: number };
export declare function nodeVersionProblem(version?: string): string | undefined;
export declare function requireProjectNode(): void;
