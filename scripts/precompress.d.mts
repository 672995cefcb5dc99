export declare function precompressDir(dir: string): Promise<number>;
