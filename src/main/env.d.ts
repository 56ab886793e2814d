// electron-vite resolves `?asset` imports of files under resources/ to their path at run time. Only this
// one declaration of electron-vite/node is taken: its ProcessEnv addition would change the server's types.
declare module '*?asset' {
  const path: string;
  export default path;
}

// Vite inlines a `?raw` import's text at build time: the update public key is part of the built app.
declare module '*?raw' {
  const text: string;
  export default text;
}
