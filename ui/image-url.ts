// The image addresses are shared by the server and the browser: they live in lib/image-url.ts
// (issue 15: server/ does not import app/). The app's components keep importing them from here.
export * from '#lib/image-url'
