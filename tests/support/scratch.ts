// Where the suites keep their throwaway databases: memory-backed storage (/dev/shm) where the
// machine has it, so the commit of every write costs no disk sync (it halves the integration run
// on this machine), else data/ in the checkout. Nothing there outlives a run.
import { accessSync, constants } from "node:fs";

function memoryBacked(): string | null {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm/agendo";
  } catch {
    return null;
  }
}

/** A folder for a suite's throwaway files: `name` under /dev/shm/agendo, or under data/. */
export function scratchDir(name: string): string {
  return `${memoryBacked() ?? new URL("../../data", import.meta.url).pathname}/${name}`;
}
