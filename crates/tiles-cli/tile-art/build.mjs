// Makes ../web/tiles.svg, the page's mahjong tiles as one sprite: each face of
// FluffyStuff/riichi-mahjong-tiles' "Regular" set (public domain, CC0 1.0) optimised by svgo
// and kept as a <symbol id="t-NAME"> (its ids prefixed so that no two symbols share one),
// with the tile's front and back. The page draws a tile as <use href="#t-front"> under
// <use href="#t-Man5">.
//
//   npm ci && node build.mjs PATH/TO/riichi-mahjong-tiles/Regular

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { optimize } from "svgo";

const source = process.argv[2];
if (!source) {
  console.error("usage: node build.mjs PATH/TO/riichi-mahjong-tiles/Regular");
  process.exit(2);
}
const out = new URL("../web/tiles.svg", import.meta.url).pathname;

const symbols = [];
for (const file of readdirSync(source).filter((name) => name.endsWith(".svg")).sort()) {
  const name = file.slice(0, -4);
  const id = `t-${name.toLowerCase()}`;
  const { data } = optimize(readFileSync(join(source, file), "utf8"), {
    multipass: true,
    floatPrecision: 1,
    plugins: [
      "preset-default",
      { name: "prefixIds", params: { prefix: id, delim: "-" } },
      "removeDimensions",
      "removeXMLNS",
    ],
  });
  // A face with nothing to draw (Haku, the white dragon, is blank in this set) comes out as
  // an empty <svg/>.
  const inner = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(data) ?? /^<svg([^>]*)\/>()$/.exec(data);
  if (!inner) throw new Error(`${file}: not one <svg> element after svgo`);
  const viewBox = /viewBox="([^"]+)"/.exec(inner[1])?.[1] ?? "0 0 300 400";
  symbols.push(`<symbol id="${id}" viewBox="${viewBox}">${inner[2]}</symbol>`);
}
writeFileSync(
  out,
  `<svg xmlns="http://www.w3.org/2000/svg" style="display:none"><!-- Riichi mahjong tiles by FluffyStuff (github.com/FluffyStuff/riichi-mahjong-tiles), public domain (CC0 1.0): see tiles-LICENSE.md beside this file. Made by crates/tiles-cli/tile-art/build.mjs. -->${symbols.join("")}</svg>\n`,
);
console.log(`${symbols.length} symbols written to ${out}`);
