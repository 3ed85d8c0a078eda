const QUERIES = [
  ["someone led out of turn", ["law-53-lead-out-of-turn","law-54-opening-lead-out-of-turn"]],
  ["led", ["law-53-lead-out-of-turn","law-54-opening-lead-out-of-turn","law-57-premature-lead-or-play"]],
  ["27", ["law-27-insufficient-bid"]],
  ["Law 64", ["law-64-revoke"]],
  ["revoked", ["law-64-revoke"]],
  ["bid out of turn", ["law-29-call-out-of-rotation"]],
  ["insufficient bid", ["law-27-insufficient-bid"]],
  ["card shown during the bidding", ["law-24-card-exposed-during-auction"]],
  ["penalty card", ["law-50-penalty-card"]],
  ["declarer claimed and defenders disagree", ["law-70-disputed-claim"]],
  ["fouled board", ["law-87-fouled-board"]],
  ["played the wrong board", ["law-15-wrong-board"]],
  ["partner hesitated", ["law-16-unauthorised-information","law-73-tempo-and-communication"]],
  ["wrong explanation of a bid", ["law-21-misinformation"]],
  ["hand has 14 cards", ["law-13-incorrect-number-of-cards"]],
  ["card missing from a hand", ["law-14-missing-card"]],
  ["dummy played a card declarer did not call", ["law-45-card-played"]],
  ["defender played before partner", ["law-57-premature-lead-or-play"]],
  ["changed their bid", ["law-25-change-of-call"]],
  ["double out of turn", ["law-29-call-out-of-rotation"]],
  ["adjusted score", ["law-12-adjusted-score"]],
  ["five cards in a trick", ["law-67-defective-trick","law-45-card-played"]],
  ["exposed card", ["law-50-penalty-card","law-24-card-exposed-during-auction","law-48-declarer-exposed-cards"]],
  ["took back a card", ["law-47-retraction-of-card-played"]],
];
const STOP = new Set("a an and are as at be but by for from had has have he her his i if in into is it its of on or she so than that the their them then there they this to was were what when where which who will with someone somebody player players".split(" "));
const GROUPS = [["lead","led","leads","leading"],["bid","call","bidding"],["revoke","revoked","revoking","revokes"],["exposed","shown","faced","show","showed","face"],["hesitate","hesitated","hesitation","tempo","slow","pause","huddle"],["explanation","explain","explained","misinformation","alert"],["claim","claimed","concede","conceded","concession"],["took","retract","retraction","withdraw","withdrawn"],["changed","change","replace","replaced"]];
function words(q){ return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) || []; }
function lawNumbers(q){ const w=words(q); const only=w.every(t=>/^\d+$/.test(t)||t==="law"||t==="laws"); const out=[]; w.forEach((t,i)=>{ if(/^\d{1,2}$/.test(t) && +t>=1 && +t<=93 && (only || w[i-1]==="law" || w[i-1]==="laws")) out.push(+t); }); return out; }
function canon(t){ for (const g of GROUPS) if (g.includes(t)) return g[0]; return t; }
function rankLaw(hits, nums, docs){ if(!nums.length) return hits; const byId=Object.fromEntries(docs.map(d=>[d.id,d]));
  const key=id=>{const d=byId[id]; return nums.includes(d.main)?0: d.numbers.some(n=>nums.includes(n))?1:2;};
  const all = hits.slice(); docs.forEach(d=>{ if(!all.includes(d.id) && d.numbers.some(n=>nums.includes(n))) all.push(d.id);});
  return all.map((id,i)=>[key(id),i,id]).sort((a,b)=>a[0]-b[0]||a[1]-b[1]).map(x=>x[2]); }
const docs = window.lawchartsSearchData;
const variants = {};
variants["today (substring, every word)"] = (() => { const hay = docs.map(d=>[d.id,(d.title+" "+d.situations+" "+d.laws).toLowerCase()]);
  return q => { const w=q.toLowerCase().replace(/^\s*law\s+/,"").split(/\s+/).filter(Boolean); return hay.filter(([id,h])=>w.every(x=>h.indexOf(x)!==-1)).map(x=>x[0]); }; })();
function median(f){ const t=[]; let r; for(let i=0;i<7;i++){ const t0=performance.now(); r=f(); t.push(performance.now()-t0);} t.sort((a,b)=>a-b); return [r,t[3]]; }
function mkElastic(useText, syn, notes){ 
  const t0=performance.now();
  if (syn) { const f=function(token){ return canon(token); }; elasticlunr.Pipeline.registerFunction(f,'syn'+Math.random()); }
  const [idx, build] = median(() => { const idx = elasticlunr(function(){ this.setRef('id'); this.addField('title'); this.addField('situations'); this.addField('laws'); if(useText) this.addField('text'); if(notes) this.addField('notes'); this.saveDocument(false);
     if (syn) { this.pipeline.reset(); this.pipeline.add(elasticlunr.trimmer, function(t){return canon(t)}, elasticlunr.stopWordFilter, elasticlunr.stemmer); } });
  docs.forEach(d=>idx.addDoc(d)); return idx; });
  const fields={title:{boost:4},situations:{boost:3},laws:{boost:2}}; if(useText) fields.text={boost:1}; if(notes) fields.notes={boost:0.5};
  const f = q => rankLaw(idx.search(q,{fields, bool:"OR", expand:false}).map(r=>r.ref), lawNumbers(q), docs);
  f.build=build; f.size=JSON.stringify(idx.toJSON()).length; return f; }
function mkMini(useText, stem, syn, notes){
  const fields=['title','situations','laws']; if(useText) fields.push('text'); if(notes) fields.push('notes');
  const processTerm = t => { t=t.toLowerCase(); if (STOP.has(t)) return null; if (syn) t=canon(t); return stem? stemmer(t): t; };
  const [ms, build] = median(() => { const ms = new MiniSearch({ fields, storeFields: [], processTerm, searchOptions:{ boost:{title:4,situations:3,laws:2,text:1,notes:0.5}, prefix: false, fuzzy: false, combineWith:'OR' } });
  ms.addAll(docs); return ms; });
  const f = q => rankLaw(ms.search(q).map(r=>r.id), lawNumbers(q), docs);
  f.build=build; f.size=JSON.stringify(ms).length; return f; }
variants["elasticlunr, title+situations+laws"] = mkElastic(false,false,false);
variants["elasticlunr, + box text"] = mkElastic(true,false,false);
variants["elasticlunr, + box text + notes"] = mkElastic(true,false,true);
variants["elasticlunr, + box text, synonyms"] = mkElastic(true,true,false);
variants["elasticlunr, + box text + notes, synonyms"] = mkElastic(true,true,true);
variants["MiniSearch, box text, no stemmer"] = mkMini(true,false,false,false);
variants["MiniSearch + stemmer, box text"] = mkMini(true,true,false,false);
variants["MiniSearch + stemmer, title+situations+laws, synonyms"] = mkMini(false,true,true,false);
variants["MiniSearch + stemmer, box text, synonyms"] = mkMini(true,true,true,false);
variants["MiniSearch + stemmer, box text + notes, synonyms"] = mkMini(true,true,true,true);
const rows=[];
for (const [name,f] of Object.entries(variants)) { let h1=0,h3=0,mrr=0; const misses=[];
  for (const [q,exp] of QUERIES) { const r=f(q); const rank=r.findIndex(id=>exp.includes(id)); if(rank===0)h1++; if(rank>=0&&rank<3)h3++; if(rank>=0) mrr+=1/(rank+1); if(rank!==0) misses.push(q+" → "+(r[0]||"nothing")+(rank>0?" (#"+(rank+1)+")":"")); }
  rows.push(`${name} | ${h1}/${QUERIES.length} | ${h3}/${QUERIES.length} | ${(mrr/QUERIES.length).toFixed(2)} | ${f.build?f.build.toFixed(1):'-'} ms | ${f.size||'-'} | misses: ${misses.join("; ")}`); }
const best = variants["MiniSearch + stemmer, box text, synonyms"];
QUERIES.forEach(([q])=>rows.push(q+" ⇒ "+best(q).slice(0,3).join(", ")));
document.getElementById('out').textContent = rows.join("\n");
