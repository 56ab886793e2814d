// electron-vite resolves `?asset` imports of files under resources/ to their path at run time. Only this
// one declaration of electron-vite/node is taken: its ProcessEnv addition would change the server's types.
declare module '*?asset' {
  const path: string;
  export default path;
}
