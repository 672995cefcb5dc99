export declare function freePort(): Promise<number>;
export declare function startProductionPortal(options: {
  env: Record<string, string | undefined>;
  nodeArgs?: string[];
}): Promise<{ base: string; url: string; pid: number; stop: () => Promise<void> }>;
