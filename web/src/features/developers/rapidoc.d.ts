/** RapiDoc ships a prebuilt bundle without types: importing it defines the `<rapi-doc>` element. */
declare module 'rapidoc';
