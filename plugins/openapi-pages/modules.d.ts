/** json-schema-faker as openapi-to-postmanv2 6 bundles it (plugins/openapi-pages/postman.ts). */
declare module 'openapi-to-postmanv2/assets/json-schema-faker.js' {
  const jsf: { option(options: Record<string, unknown>): void };
  export default jsf;
}
