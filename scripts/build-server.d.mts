export declare const SERVER_BUNDLE: string;
export declare const CLI_BUNDLE: string;
export declare function buildServer(outfile?: string): Promise<string>;
