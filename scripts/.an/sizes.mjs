import fs from "node:fs"; import zlib from "node:zlib";
import { TraceMap, eachMapping } from "@jridgewell/trace-mapping";
const dir = "/tmp/an/out/assets";
const file = fs.readdirSync(dir).find((f) => /^main-.*\.js$/.test(f));
const code = fs.readFileSync(`${dir}/${file}`, "utf8");
const map = new TraceMap(JSON.parse(fs.readFileSync(`${dir}/${file}.map`, "utf8")));
const lines = code.split("\n");
const per = new Map(); let last = null;
const segs = [];
eachMapping(map, (m) => segs.push(m));
segs.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
const chunks = new Map();
for (let i=0;i<segs.length;i++){const s=segs[i],n=segs[i+1];
 const line=lines[s.generatedLine-1]; const end = n && n.generatedLine===s.generatedLine ? n.generatedColumn : line.length;
 const src=(s.source||"?").replace(/.*node_modules\//,"nm/"); const key=src.startsWith("nm/")? src.split("/").slice(0, src.startsWith("nm/@")?3:2).join("/") : src;
 chunks.set(key,(chunks.get(key)||"")+line.slice(s.generatedColumn,end));}
const rows=[...chunks].map(([k,v])=>[k,v.length,zlib.gzipSync(v).length]).sort((a,b)=>b[1]-a[1]);
console.log(file, code.length, zlib.gzipSync(code).length);
let app=0; for (const r of rows) { if(!r[0].startsWith("nm/")) app+=r[1]; }
console.log("app raw total", app);
for (const r of rows.slice(0,60)) console.log(r.join("\t"));
