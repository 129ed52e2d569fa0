declare module 'virtual:svara-locales/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
