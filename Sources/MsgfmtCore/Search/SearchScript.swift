/// `search.js`, the site's search script (a file of the site, so the pages' policy allows it
/// as `'self'` and nothing inline is added): on every page it sends the search box to
/// `search.html#q=…` (`&in=FOLDER` from a chat's pages) and marks the message an address
/// points at (`#message120`) with `msgfmt-target`; on `search.html` it reads the query
/// from the address, loads the index files it needs with `<script src>` (browsers refuse
/// `fetch()` from disk), and lists the matching messages newest first, `pageSize` at a
/// time (a button shows more), with sender, date and a snippet whose hits are marked.
/// Snippets are built from text nodes only, so no message text can become markup.
///
/// A query loads the term files of its words (of its pairs of words, for a phrase), a
/// block's column only for an operator that asks about it (and the date columns to merge
/// several chats) beside them, and the chunks of the messages it shows or must check. Queries fold as `--filter` does: each character as
/// `search/fold.js` says ICU folded it alone (characters no text contains are folded
/// approximately); words match where a word starts, "phrases" are checked in the text,
/// `from:`, `has:`, `before:` and `after:` read the blocks' columns, and `-` negates any
/// item. All items must match. Within a chat results go from its last message back;
/// chats are merged by date.
enum SearchScript {
    /// The `has:` values with their `FilterFeatures` bits, as a JavaScript object.
    static let hasValues =
        "{" + FilterFeatures.hasValues.map { "\"\($0.name)\":\($0.feature.rawValue)" }.joined(separator: ",") + "}"

    /// Results shown at once.
    static let pageSize = 25

    /// The script.
    static let text = #"""
        (function(){
        "use strict";
        var HAS=\#(hasValues),MAXLEN=\#(SearchTerms.maximumLength),PAGE=\#(pageSize);
        var LAST=[],MORE=[],i;
        for(i=0;i<128;i++){LAST[i]=-1;MORE[i]=0}
        "0123456789abcdefghijklmnopqrstuv".split("").forEach(function(c,k){LAST[c.charCodeAt(0)]=k});
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*".split("").forEach(function(c,k){MORE[c.charCodeAt(0)]=k});
        var me=document.currentScript,root=me?me.getAttribute("src").replace(/search\.js$/,""):"";
        var loaded={},waiting={},parsed=new Map();
        window.msgfmtSearch={load:function(chat,name,data){var k=chat+"/"+name;loaded[k]=data;var w=waiting[k];if(w){delete waiting[k];w.forEach(function(f){f(data)})}}};
        // A data file of the index (null when it is missing), loaded once with <script src>.
        function load(chat,name){
        var k=chat+"/"+name;
        if(k in loaded)return Promise.resolve(loaded[k]);
        return new Promise(function(resolve){
        if(waiting[k]){waiting[k].push(resolve);return}
        waiting[k]=[resolve];
        var s=document.createElement("script");
        s.src=root+"search/"+(chat?chat+"/":"")+name+".js";
        var done=function(){if(!(k in loaded))msgfmtSearch.load(chat,name,null)};
        s.onload=done;s.onerror=done;
        document.head.appendChild(s)})}
        // A data file made into what the script uses, once.
        function file(chat,name,make){var k=chat+"/"+name,p=parsed.get(k);if(!p){p=load(chat,name).then(function(d){return d===null?null:make(d)});parsed.set(k,p)}return p}
        function decode(s){var out=[],v=0;for(var j=0;j<s.length;j++){var c=s.charCodeAt(j),d=c<128?LAST[c]:-1;if(d>=0){out.push(v*32+d);v=0}else v=v*32+(c<128?MORE[c]:0)}return out}
        function unzig(z){return z%2?-(z+1)/2:z/2}
        function sums(a,signed){var t=0;for(var j=0;j<a.length;j++){t+=signed?unzig(a[j]):a[j];a[j]=t}return a}
        var SPACE=/[\t-\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;
        var WORD=/^[\p{Alphabetic}\p{N}\p{Mn}\p{Mc}\p{Me}]$/u;
        var DROP=/\p{Default_Ignorable_Code_Point}|(?![\u3099\u309A])(?=\p{Mn})[\p{Script=Inherited}\u0591-\u05C7]/gu;
        // How characters fold and which are parts of words: search/fold.js says it for every
        // character of the indexed texts (as ICU folded it alone); others are approximated.
        var table={map:new Map(),same:new Set(),word:new Set(),other:new Set()},foldCache=new Map();
        function useTable(t){if(!t)return;table={map:new Map(Object.entries(t.map)),same:new Set(t.same),word:new Set(t.word),other:new Set(t.other)};foldCache.clear()}
        function foldChar(c){var f=foldCache.get(c);if(f!==undefined)return f;var u=c.charCodeAt(0);
        if(c.length===1&&u<128)f=u>=65&&u<=90?String.fromCharCode(u+32):c;
        else if(table.map.has(c))f=table.map.get(c);
        else if(table.same.has(c))f=c;
        else f=c.normalize("NFKD").toLowerCase().replace(/\u00DF/g,"ss").replace(/\u03C2/g,"\u03C3").normalize("NFKD").replace(DROP,"");
        foldCache.set(c,f);return f}
        function isWord(ch){var u=ch.charCodeAt(0);if(ch.length===1&&u<128)return(u>=48&&u<=57)||(u>=97&&u<=122)||(u>=65&&u<=90);
        if(table.word.has(ch))return true;if(table.other.has(ch))return false;return WORD.test(ch)}
        function spaceless(cp){return(cp>=0xE00&&cp<=0xEFF)||(cp>=0x1000&&cp<=0x109F)||(cp>=0x1780&&cp<=0x17FF)||(cp>=0x2E80&&cp<=0x9FFF)||(cp>=0xF900&&cp<=0xFAFF)||(cp>=0xFF66&&cp<=0xFF9F)||(cp>=0x20000&&cp<=0x3FFFF)}
        function alone(ch){return !ch||!isWord(ch)||spaceless(ch.codePointAt(0))}
        // The text folded as the index folds it, with the original range of each folded unit.
        function view(text){
        var s="",from=[],to=[],pending=false,at=0;
        for(var ch of text){var end=at+ch.length;
        if(SPACE.test(ch)){pending=s.length>0;at=end;continue}
        var f=foldChar(ch);
        for(var k=0;k<f.length;k++){var u=f[k];
        if(u===" "){pending=s.length>0;continue}
        if(pending){s+=" ";from.push(at);to.push(at);pending=false}
        s+=u;from.push(at);to.push(end)}
        at=end}
        return{s:s,from:from,to:to}}
        // The same fold without the ranges, for checking candidates (ASCII at once).
        function fold(text){if(/^[\x00-\x7F]*$/.test(text))return text.toLowerCase().replace(/[\t-\r ]+/g," ").trim();
        var s="",pending=false;
        for(var ch of text){if(SPACE.test(ch)){pending=s.length>0;continue}
        var f=foldChar(ch);
        for(var k=0;k<f.length;k++){var u=f[k];if(u===" "){pending=s.length>0;continue}if(pending){s+=" ";pending=false}s+=u}}
        return s}
        function cut(t){if(t.length>MAXLEN){t=t.slice(0,MAXLEN);var c=t.charCodeAt(t.length-1);if(c>=0xD800&&c<0xDC00)t=t.slice(0,-1)}return t}
        // The index's terms of a folded query, as SearchTerms makes them for the texts: pairs
        // of words with one space between them (the words they hold are then not looked up
        // alone), the other words, and of a run of spaceless characters enough of its pairs
        // to cover it (the text check confirms the run; a run of one: the character, which
        // finds the pairs it starts too).
        function terms(s){var out=[],word="",run=[],first=null,spaced=false,pairs=[],paired=new Set();
        function add(t){if(t)out.push(cut(t))}
        function endWord(){if(!word)return;add(word);
        if(first!==null&&spaced){pairs.push(cut(first)+" "+cut(word));paired.add(cut(first));paired.add(cut(word))}
        first=word;spaced=false;word=""}
        function endRun(){var n=run.length;if(n===1)add(run[0]);for(var j=0;j+1<n;j+=2)add(run[j]+run[j+1]);if(n>2&&n%2)add(run[n-2]+run[n-1]);run=[]}
        for(var ch of s){if(spaceless(ch.codePointAt(0))){endWord();first=null;run.push(ch)}
        else{endRun();if(isWord(ch))word+=ch;else{endWord();if(ch===" "&&first!==null&&!spaced)spaced=true;else first=null}}}
        endWord();endRun();return pairs.concat(out.filter(function(t){return!paired.has(t)}))}
        function charBefore(s,i){if(i<=0)return"";var c=s.charCodeAt(i-1);if(c>=0xDC00&&c<0xE000&&i>=2)return s.slice(i-2,i);return s[i-1]}
        function charAt(s,i){return i<s.length?String.fromCodePoint(s.codePointAt(i)):""}
        // Where needle occurs in s starting a word (and, with whole, ending one), as ranges of s.
        function hits(s,needle,whole,all){var out=[];if(!needle)return[[0,0]];
        var anywhere=alone(charAt(needle,0)),endsAnywhere=alone(charBefore(needle,needle.length));
        for(var i=s.indexOf(needle);i>=0;i=s.indexOf(needle,i+1)){
        if(!anywhere&&i>0&&!alone(charBefore(s,i)))continue;
        if(whole&&!endsAnywhere&&i+needle.length<s.length&&!alone(charAt(s,i+needle.length)))continue;
        out.push([i,i+needle.length]);if(!all)break}
        return out}
        function splitID(t){t=t.toLowerCase();var kind=null;["user","channel","chat"].forEach(function(k){if(kind===null&&t.indexOf(k)===0){kind=k}});
        var rest=kind?t.slice(kind.length):t;if(!/^[+-]?\d+$/.test(rest))return null;try{return{kind:kind,id:BigInt(rest)}}catch(e){return null}}
        function dayOf(text){var m=/^(\d{4})-(\d{2})-(\d{2})$/.exec(text);if(!m)return null;var t=Date.UTC(+m[1],+m[2]-1,+m[3]);var d=new Date(t);if(d.getUTCMonth()!==+m[2]-1||d.getUTCDate()!==+m[3])return null;return Math.floor(t/86400000)}
        var OPS={from:1,has:1,before:1,after:1},FILTER_ONLY={mentions:1,is:1,chat:1,id:1};
        // The query's items: words and "phrases", from:, has:, before:, after:, each maybe negated.
        function parse(q){var items=[],i=0,n=q.length;
        while(i<n){while(i<n&&SPACE.test(q[i]))i++;if(i>=n)break;
        var neg=false;if(q[i]==="-"&&i+1<n&&!SPACE.test(q[i+1])){neg=true;i++}
        var op=null,m=/^([A-Za-z]+):/.exec(q.slice(i));if(m&&OPS[m[1].toLowerCase()]){op=m[1].toLowerCase();i+=m[0].length}
        else if(m){var name=m[1].toLowerCase();return{error:(FILTER_ONLY[name]?name+": works with msgfmt's --filter, not in this search":name+": is no search operator")+
        " (from:, has:, before: and after: are); to search for a word with a colon, put it in quotes"}}
        var v="";if(q[i]==='"'){i++;while(i<n&&q[i]!=='"'){if(q[i]==="\\"&&i+1<n)i++;v+=q[i];i++}i++}else{while(i<n&&!SPACE.test(q[i])){v+=q[i];i++}}
        var item={neg:neg,op:op,value:v};
        if(!op){item.needle=fold(v);if(!item.needle)continue;item.terms=terms(item.needle);item.exact=item.terms.length===1&&item.terms[0]===item.needle}
        else if(op==="has"){item.bit=HAS[v.toLowerCase()];if(item.bit===undefined)return{error:"has:"+v+" is not one of "+Object.keys(HAS).join(", ")}}
        else if(op==="before"||op==="after"){item.day=dayOf(v);if(item.day===null)return{error:op+": needs a date like 2024-01-31, not '"+v+"'"}}
        else{if(!v)return{error:"from: needs a name or id"};item.id=v[0]==="@"?null:splitID(v);item.name=v[0]==="@"?"":fold(v)}
        items.push(item)}
        return{items:items}}
        var index=null;
        // The term files a term's messages are in (see SearchBlock.bucket(of:)).
        function bucketsOf(t){var B=index.buckets,W=B/index.bucketRows,cp=t.codePointAt(0);
        if(spaceless(cp))return[cp%B];
        var row=(t.charCodeAt(0)%index.bucketRows)*W;if(t.length>1)return[row+t.charCodeAt(1)%W];
        var out=[];for(var j=0;j<W;j++)out.push(row+j);return out}
        // A term file: words (i) or pairs of words (p), each entry "TERM POSTINGS".
        function bucket(chat,b,k,pair){return file(chat,(pair?"p":"i")+b+"_"+k,function(d){var e=d.split("|");
        return{terms:e.map(function(x){return x.slice(0,x.lastIndexOf(" "))}),posts:e}})}
        function intersect(a,b){var out=[],i=0,j=0;while(i<a.length&&j<b.length){if(a[i]<b[j])i++;else if(a[i]>b[j])j++;else{out.push(a[i]);i++;j++}}return out}
        function union(lists){if(lists.length===1)return lists[0];var n=0;lists.forEach(function(l){n+=l.length});var all=new Int32Array(n),at=0;
        lists.forEach(function(l){all.set(l,at);at+=l.length});all.sort();var out=[];for(var j=0;j<n;j++)if(!j||all[j]!==all[j-1])out.push(all[j]);return out}
        // The block's messages (ascending) that have a term starting with t.
        // A block of up to index.smallBlock messages has one file of each kind (one: true).
        async function lookup(chat,b,t,one){var pair=t.indexOf(" ")>=0,files=await Promise.all((one?[0]:bucketsOf(t)).map(function(k){return bucket(chat,b,k,pair)})),lists=[];
        files.forEach(function(d){if(!d)return;var lo=0,hi=d.terms.length;while(lo<hi){var mid=(lo+hi)>>1;if(d.terms[mid]<t)lo=mid+1;else hi=mid}
        for(var j=lo;j<d.terms.length&&d.terms[j].startsWith(t);j++){var p=d.posts[j],list=decode(p.slice(d.terms[j].length+1)),prev=-1;
        for(var q=0;q<list.length;q++){prev+=list[q]+1;list[q]=prev}lists.push(list)}});
        return union(lists)}
        // The block's messages that have every term of a word item (null: it has no terms).
        async function found(chat,b,item,one){if(!item.terms.length)return null;var lists=await Promise.all(item.terms.map(function(t){return lookup(chat,b,t,one)}));return lists.reduce(intersect)}
        function timesOf(chat,b){return file(chat,"d"+b,function(d){return sums(decode(d),true)})}
        function sendersOf(chat,b){return file(chat,"w"+b,function(d){return{who:decode(d.who),senders:d.senders}})}
        function chunkOf(chat,c){return file(chat,"c"+c,function(d){return{ids:d.ids.split(" "),pages:sums(decode(d.pages),false),times:sums(decode(d.times),true),who:decode(d.who),senders:d.senders,texts:d.texts,notes:d.notes}})}
        function fromMatches(item,sender){if(item.id){var p=splitID(sender[1]);if(p&&p.id===item.id.id&&(!item.id.kind||!p.kind||item.id.kind===p.kind))return true}
        return!!item.name&&hits(fold(sender[0]),item.name,true,false).length>0}
        // A block's candidates, last first: what the index and the columns decide is decided
        // here; words the index only narrows down are left for their text (check).
        async function searchBlock(chat,b,plan){
        var count=Math.min(index.blockSize,chat.count-b*index.blockSize),words=plan.words;
        // The columns load beside the term files, not after them.
        var columns=Promise.all([plan.has?file(chat.folder,"f"+b,decode):null,plan.dates?timesOf(chat.folder,b):null,plan.from?sendersOf(chat.folder,b):null]);
        var one=count<=index.smallBlock,lists=await Promise.all(words.map(function(x){return found(chat.folder,b,x,one)}));
        var pick=null;words.forEach(function(x,j){if(!x.neg&&lists[j])pick=pick?intersect(pick,lists[j]):lists[j]});
        if(pick&&!pick.length)return null;
        var cols=await columns;
        var f=cols[0],d=cols[1],w=cols[2],items=plan.items;
        if((plan.has&&!f)||(plan.dates&&!d)||(plan.from&&!w))return null;
        var fromOK=items.map(function(x){return x.op==="from"?w.senders.map(function(s){return fromMatches(x,s)}):null});
        var sets=words.map(function(x,j){return x.neg&&lists[j]?new Set(lists[j]):null});
        var ords=[],checks=[],base=b*index.blockSize,len=pick?pick.length:count;
        next:for(var q=len-1;q>=0;q--){var n=pick?pick[q]:q,check=null;
        for(var j=0;j<items.length;j++){var x=items[j],r;
        if(x.op==="has")r=(f[n]&x.bit)===x.bit;
        else if(x.op==="before")r=Math.floor(d[n]/1440)<x.day;
        else if(x.op==="after")r=Math.floor(d[n]/1440)>x.day;
        else if(x.op==="from")r=fromOK[j][w.who[n]];
        else{if(x.neg&&sets[x.w]&&!sets[x.w].has(n))continue;
        if(x.neg&&x.exact)continue next;
        if(!x.exact||x.neg)(check=check||[]).push(x);continue}
        if(r===x.neg)continue next}
        ords.push(base+n);checks.push(check);if(check)plan.check=true}
        return{ords:ords,checks:checks}}
        // The candidates of every chat, merged newest first by their dates (one chat: its order).
        async function candidates(chats,plan){
        var per=await Promise.all(chats.map(async function(chat){var blocks=[];for(var b=0;b*index.blockSize<chat.count;b++)blocks.push(b);
        var found=await Promise.all(blocks.map(function(b){return searchBlock(chat,b,plan)})),ords=[],checks=[],used=[];
        for(var k=found.length-1;k>=0;k--){var r=found[k];if(!r||!r.ords.length)continue;used.push(k);ords=ords.concat(r.ords);checks=checks.concat(r.checks)}
        return{chat:chat,ords:ords,checks:checks,blocks:used}}));
        var lists=per.filter(function(l){return l.ords.length}),total=0;lists.forEach(function(l){total+=l.ords.length});
        if(lists.length>1)await Promise.all(lists.map(async function(l){var t=await Promise.all(l.blocks.map(function(b){return timesOf(l.chat.folder,b)})),by={};
        l.blocks.forEach(function(b,k){by[b]=t[k]});l.time=function(ord){var a=by[Math.floor(ord/index.blockSize)];return a?a[ord%index.blockSize]:0}}));
        var heads=lists.map(function(){return 0});
        return{total:total,next:function(){var best=-1,bt=0;
        for(var c=0;c<lists.length;c++){var l=lists[c];if(heads[c]>=l.ords.length)continue;var t=l.time?l.time(l.ords[heads[c]]):0;if(best<0||t>bt){best=c;bt=t}}
        if(best<0)return null;var l=lists[best],h=heads[best]++;return{chat:l.chat,ord:l.ords[h],check:l.checks[h]}}}}
        // A query's results so far: candidates, those checked and kept, and whether all were.
        async function search(query,scope){
        var loads=await Promise.all([load("","chats"),load("","fold")]);index=loads[0];if(!index)return{error:"The search index is missing."};
        if(!table.loaded){useTable(loads[1]);table.loaded=true}
        var p=parse(query);if(p.error)return p;var items=p.items;
        if(!items.length)return{results:[],total:0,exact:true,done:true,kept:[],needles:[]};
        var plan={items:items,words:items.filter(function(x){return!x.op}),check:false,
        has:items.some(function(x){return x.op==="has"}),dates:items.some(function(x){return x.op==="before"||x.op==="after"}),from:items.some(function(x){return x.op==="from"})};
        plan.words.forEach(function(x,j){x.w=j});
        var chats=index.chats.filter(function(c){return!scope||c.folder===scope});
        var c=await candidates(chats,plan);
        return{results:[],next:c.next,total:plan.check?0:c.total,exact:!plan.check,done:false,step:32,kept:[],
        needles:plan.words.filter(function(x){return!x.neg}).map(function(x){return x.needle})}}
        // The next `want` results of s: candidates in batches (with texts to check: 32, then
        // twice as many each round), their chunks loaded together.
        async function more(s,want){var out=[];
        while(out.length<want){if(s.kept.length){out.push(s.kept.shift());continue}if(s.done)break;
        var batch=[],size=s.exact?want-out.length:s.step;if(!s.exact)s.step=Math.min(s.step*2,4096);
        while(batch.length<size){var r=s.next();if(!r){s.done=true;break}batch.push(r)}
        var chunks=await Promise.all(batch.map(function(r){return chunkOf(r.chat.folder,Math.floor(r.ord/index.chunkSize))}));
        batch.forEach(function(r,j){var ch=chunks[j];if(!ch)return;var k=r.ord%index.chunkSize,text=ch.texts[k]||"";
        if(r.check){var folded=fold(text);for(var x of r.check)if((hits(folded,x.needle,false,false).length>0)===x.neg)return}
        if(!s.exact)s.total++;
        s.kept.push({chat:r.chat,id:ch.ids[k],page:ch.pages[k],time:ch.times[k],sender:ch.senders[ch.who[k]],text:text,note:ch.notes[k]||""})})}
        s.results=s.results.concat(out);return out}
        function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!==undefined)e.textContent=text;return e}
        // The snippet: the text around the first hit, every hit in it marked; text nodes only.
        function snippet(text,needles){var v=view(text),ranges=[];
        needles.forEach(function(nd){hits(v.s,nd,false,true).forEach(function(h){if(h[1]>h[0])ranges.push([v.from[h[0]],v.to[h[1]-1]])})});
        ranges.sort(function(a,b){return a[0]-b[0]});
        var start=0,end=text.length,span=el("span","hit-text");
        if(end>240){start=ranges.length?Math.max(0,ranges[0][0]-60):0;end=Math.min(text.length,start+240);
        if(start>0&&/[\uDC00-\uDFFF]/.test(text[start]))start--;if(end<text.length&&/[\uDC00-\uDFFF]/.test(text[end]))end++}
        if(start>0)span.appendChild(document.createTextNode("…"));
        var at=start;ranges.forEach(function(r){var a=Math.max(r[0],at),z=Math.min(r[1],end);if(z<=a)return;
        span.appendChild(document.createTextNode(text.slice(at,a)));span.appendChild(el("mark","",text.slice(a,z)));at=z});
        span.appendChild(document.createTextNode(text.slice(at,end)));
        if(end<text.length)span.appendChild(document.createTextNode("…"));
        return span}
        function pageName(p){return p?"messages"+(p+1)+".html":"messages.html"}
        function stamp(min){var d=new Date(min*60000);return isFinite(d.getTime())?d.toISOString().slice(0,16).replace("T"," "):""}
        function params(){var p=new URLSearchParams(location.hash.slice(1));return{q:p.get("q")||"",scope:p.get("in")||""}}
        var current=0;
        async function run(){var list=document.getElementById("search-results");if(!list)return;var t0=performance.now(),mine=++current;
        var status=document.getElementById("search-status"),p=params(),box=document.querySelector("form.search input"),old=document.getElementById("search-more");
        if(box&&box.value!==p.q)box.value=p.q;if(old)old.remove();
        list.textContent="";status.textContent="";["data-total","data-more","data-ms","data-shown"].forEach(function(a){list.removeAttribute(a)});
        if(!p.q.trim()){status.textContent="Type words to search for, \"a phrase\", from:NAME, has:link, before:2024-01-31 or after:2023-12-31.";return}
        var s=await search(p.q,p.scope);if(mine!==current)return;
        if(s.error){status.textContent=s.error;list.setAttribute("data-total","error");return}
        var chat=p.scope&&index.chats.find(function(c){return c.folder===p.scope});
        async function show(){var t1=performance.now(),got=s.next?await more(s,PAGE):[];if(mine!==current)return;
        got.forEach(function(h){var li=el("li","hit"),a=el("a");a.href=h.chat.folder+"/"+pageName(h.page)+"#message"+h.id;
        var head=el("span","hit-head");head.appendChild(el("b","",h.sender));
        if(index.chats.length>1&&!chat){head.appendChild(document.createTextNode(" in "));head.appendChild(el("span","hit-chat",h.chat.name))}
        head.appendChild(el("time","",stamp(h.time)));a.appendChild(head);
        a.appendChild(h.text?snippet(h.text,s.needles):el("span","hit-text hit-note",h.note));li.appendChild(a);list.appendChild(li)});
        var open=!(s.done&&!s.kept.length),atLeast=!s.exact&&open,n=s.results.length;
        status.textContent=(atLeast?"At least ":"")+(s.total===0?"No messages match":s.total===1?"1 message":s.total+" messages")+(s.total>n||atLeast?", the newest "+n+" shown":"")+(chat?" in "+chat.name:"")+".";
        if(chat){status.appendChild(document.createTextNode(" "));var all=el("a","","Search all chats");all.href="#q="+encodeURIComponent(p.q);status.appendChild(all)}
        var button=document.getElementById("search-more");
        if(open&&(atLeast||n<s.total)){if(!button){button=el("button","search-more","More results");button.id="search-more";button.type="button";
        button.addEventListener("click",function(){button.disabled=true;show().then(function(){button.disabled=false})});list.after(button)}}
        else if(button)button.remove();
        list.setAttribute("data-total",String(s.total));if(atLeast)list.setAttribute("data-more","");else list.removeAttribute("data-more");
        list.setAttribute("data-shown",String(n));list.setAttribute("data-ms",(performance.now()-(n>got.length?t1:t0)).toFixed(1));list.setAttribute("data-since-load-ms",performance.now().toFixed(1))}
        await show()}
        function mark(){var id=decodeURIComponent(location.hash.slice(1)),old=document.querySelector(".msgfmt-target");
        if(old)old.classList.remove("msgfmt-target");
        if(/^message-?\d+$/.test(id)){var t=document.getElementById(id);if(t)t.classList.add("msgfmt-target")}}
        document.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||!f.classList.contains("search"))return;
        e.preventDefault();var q=f.elements.q.value,h="q="+encodeURIComponent(q),scope=f.getAttribute("data-scope");
        if(document.getElementById("search-results")){var p=params();if(p.scope)h+="&in="+encodeURIComponent(p.scope);location.hash=h}
        else{if(scope)h+="&in="+encodeURIComponent(scope);location.href=root+"search.html#"+h}});
        function start(){mark();run()}
        window.addEventListener("hashchange",start);
        // A deferred script runs before DOMContentLoaded, and before the index list after it.
        if(document.readyState==="complete")start();else document.addEventListener("DOMContentLoaded",start);
        })();
        """#
}
