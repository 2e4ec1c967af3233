module.exports = require('../tools/jest/preset.cjs').preset({ dom: true });
