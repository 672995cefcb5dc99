export declare function cpuTimesOf(pid: number): { user: number; system: number };
export declare function threadCpuSecondsOf(pid: number): Map<number, number>;
export declare function cpuSecondsOfCommands(names: readonly string[]): number;
