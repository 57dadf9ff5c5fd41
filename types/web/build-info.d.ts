// The types of web/build-info.js, which build.py writes into dist/ (it is not in the sources).
// tsconfig's rootDirs lays types/web over web/, so `./build-info.js` resolves here for tsc.
export declare const BUILD: {
  /** the build's hash over every file */
  build: string;
  version: string;
  pyodide: string;
  /** the compiled package zip the worker loads */
  package: string;
  wheel?: string;
  micropip?: string | null;
  runtime: string[];
  lock?: unknown;
  /** each rating scale's number field (the catalogue's `number`), for the element's precomputed JSON */
  scale_numbers?: Record<string, string>;
  [key: string]: unknown;
};
