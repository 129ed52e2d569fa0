/**
 * Setup of the Mini App's unit tests: `waitFor` and `findBy…` wait up to 5 s, not Testing Library's
 * 1 s. A lazily loaded screen is transformed on first use, which takes more than a second on a
 * machine busy with the rest of the suite; the wait ends as soon as the screen is there.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
