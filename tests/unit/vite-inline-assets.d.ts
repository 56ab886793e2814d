// Unit tests reach renderer features through app/features.ts under the node config, which lacks
// vite/client's types; an `?inline` asset is a data URL string there as in the Vite build.
declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
}
