/**
 * The engine's version, in a module of its own: the worker pool reports it on the main thread, which
 * must not load the engine itself to know it (docs/performance.md, "Start-up").
 */
export const ENGINE_VERSION = '1.0.0';
