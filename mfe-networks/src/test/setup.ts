// Web specs run the real base query against a local HTTP server; on a busy CI machine the first
// answers can take longer than Testing Library's default second.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
