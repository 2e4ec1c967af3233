// Node: prerendering runs at build time, never in a browser.
module.exports = require('../../tools/jest/preset.cjs').preset();
