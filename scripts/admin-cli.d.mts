export declare function adminCliArgs(args: readonly string[]): string[];
