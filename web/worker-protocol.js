// The messages between the page (worker-client.js) and the engine's worker (worker.js): types
// only, for tsc; nothing runs here. The worker's answers are the CLI's JSON shapes.
/**
 * The operations the worker answers (worker.js -> sudoku_grader.worker_api).
 * @typedef {"parse"|"solve"|"hint"|"catalogue"|"techniques"|"rate"|"explain"|"steps"|"generate"|"sleep"|"book"
 *   |"drill_check"|"drill_sheet"|"coach"|"merge"} Op
 */
/**
 * A page -> worker message: one request.
 * @typedef {object} WorkerRequest
 * @property {number} id  the request's number, echoed by every answer to it
 * @property {Op} op
 * @property {string} puzzle  the puzzle text (or a position's JSON for hint)
 * @property {object} options  the operation's options (techniques, scores, scales, ...)
 */
/**
 * A worker -> page message: booted, failed to boot, progress on a request, one scale rated, the
 * answer (`result`, the CLI's JSON shape), or the request's error.
 * @typedef {{type: "ready", seconds: number, version: string, build?: string, phases?: Record<string, number>, pyodide?: string}
 *   | {type: "boot-error", message: string}
 *   | {type: "progress", id: number, scale?: string, step?: number, technique?: string, message?: string, at_least?: Record<string, unknown>}
 *   | {type: "partial", id: number, scale: string, rating: any}
 *   | {type: "result", id: number, result: any}
 *   | {type: "error", id: number, message: string}} WorkerMessage
 */
/** What a request's `onProgress` hears: a progress or partial message. @typedef {(msg: any) => void} ProgressHandler */
/**
 * One step of a path, as explain/hint give it.
 * @typedef {object} Step
 * @property {string} technique  the technique's id
 * @property {string} name
 * @property {string} text
 * @property {{cell: string, digit: number}[]} [placements]
 * @property {{cell: string, digit: number}[]} [eliminations]
 * @property {Record<string, any>} [extra]
 * @property {import("./model/netoutline.js").Net} [net]  a forcing chain or net as an outline (README's contract)
 */

export {};
