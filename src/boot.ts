/**
 * The CLI's first import, evaluated before any other module of the CLI loads: what has to hold
 * before the modules it concerns are evaluated goes here.
 */

// The CLI is a production server unless told otherwise: graphql-js then tests a type with a plain
// `instanceof` instead of also comparing class names across realms, which it does in any other
// mode for every type test of every field it completes.
process.env.NODE_ENV ??= 'production';
