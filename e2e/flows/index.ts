import type { Flow } from "../run";
import { foundationFlow } from "./foundation";

/** Every browser flow, run in order by e2e/run.ts, each in a fresh browser context. */
export const flows: Flow[] = [foundationFlow];
