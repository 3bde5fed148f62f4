/** Vitest: unmount what a test rendered, so tests do not see each other's DOM. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
