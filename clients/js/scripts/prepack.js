// npm pack and npm publish run this first: a package without its WebAssembly modules would install and then
// fail at its first load() with a bare ENOENT, so packing stops here instead and says how to build them.
import { readFileSync } from "node:fs";

const MAGIC = [0x00, 0x61, 0x73, 0x6d]; // "\0asm"
let missing = 0;
for (const name of ["tile-lexicon.wasm", "tile-lexicon-play.wasm"]) {
  let bytes;
  try {
    bytes = readFileSync(new URL(`../${name}`, import.meta.url));
  } catch {
    bytes = null;
  }
  if (!bytes || bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) {
    console.error(`tile-lexicon: ${name} is ${bytes ? "not a WebAssembly module" : "missing"}; ` +
      "build it with `make clients` at the repository's root, then pack again");
    missing++;
  }
}
process.exit(missing ? 1 : 0);
