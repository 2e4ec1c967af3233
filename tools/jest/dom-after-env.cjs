// findBy… and waitFor wait up to 5 s, not testing-library's 1 s: on a busy 2-core machine (the API
// suites beside these) a first render with its requests can take longer than a second.
require('@testing-library/jest-dom');
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
