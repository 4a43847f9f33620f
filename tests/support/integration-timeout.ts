import { jest } from '@jest/globals';

// Against real servers on two shared cores a request can take seconds: 30 s unless a test says otherwise.
jest.setTimeout(30_000);
