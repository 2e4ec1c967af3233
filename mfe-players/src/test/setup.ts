// Specs run the real base query against a local HTTP server; a busy CI machine can take longer
// than Testing Library's default second for the first answers.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
