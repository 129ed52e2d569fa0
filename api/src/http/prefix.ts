/** Where the REST API lives on the api's HTTP server (the built Mini App has every other path). */
export const API_PREFIX = '/api/v1';
