import type { Plugin } from 'vite';

/** Types of shared-modules.mjs (plain JS so other workspaces' Vite configs import it as is). */
export declare const RUNTIME_VERSION: string;
export declare const RUNTIME_BASE: string;
export declare const RUNTIME_STYLESHEET: string;

export type SharedModuleSource =
  { kind: 'package'; format: 'cjs' | 'esm'; exports?: string[] } | { kind: 'file'; file: string };

export interface SharedModule {
  specifier: string;
  name: string;
  source: SharedModuleSource;
}

export declare function sharedModules(): SharedModule[];
export declare function sharedSpecifiers(): string[];
export declare function importMap(): { imports: Record<string, string> };
export declare function runtimeModuleUrl(specifier: string): string | null;
export declare function sharedRuntimePlugin(): Plugin;
export declare const RUNTIME_BOOT: string;
export declare function runtimePageHtml(page: {
  title: string;
  lang?: string;
  stylesheets?: string[];
}): string;
