/**
 * Stands in for `@mswjs/interceptors/WebSocket` where msw 2.15.0 imports it for nothing:
 * `lib/core/experimental/frames/websocket-frame.mjs` has `import {} from
 * "@mswjs/interceptors/WebSocket"` (a type-only import compiled to a bare one), which made the
 * bundler keep a second copy of the WebSocket interceptor beside the one `msw/browser` carries
 * (about 3 KB gzip, design/try-it.md "Bytes"). Wired in worker-plugin.ts for that importer only.
 */
export {};
