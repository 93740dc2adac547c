import { configure } from '@testing-library/react';

/**
 * The web tests share a 2-core machine with the server and browser suites: a screen that renders lazily may take
 * more than testing-library's default second to appear, so findBy and waitFor wait up to 10 s before failing.
 */
configure({ asyncUtilTimeout: 10_000 });
