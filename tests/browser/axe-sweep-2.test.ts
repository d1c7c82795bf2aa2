import { axeSweep } from '../helpers/axe-sweep';

// Every page's axe check, part 2 of 2 (see helpers/axe-sweep.ts).
axeSweep(1);
