// The workspace's own lint rules, in Node.
module.exports = require('../jest/preset.cjs').preset();
