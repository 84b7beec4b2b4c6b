/// `search.js`, the site's search script (a file of the site, so the pages' policy allows it
/// as `'self'` and nothing inline is added): on every page it sends the search box to
/// `search.html#q=…` (`&in=FOLDER` from a chat's pages) and marks the message an address
/// points at (`#message120`) with `msgfmt-target`; on `search.html` it reads the query
/// from the address, loads the index files it needs with `<script src>` (browsers refuse
/// `fetch()` from disk), and lists the matching messages newest first with sender, date
/// and a snippet whose hits are marked. Snippets are built from text nodes only, so no
/// message text can become markup.
///
/// Queries fold as `--filter` does (the script's per-character fold approximates ICU's
/// for the query and for marking hits; the index holds ICU's): words match where a word
/// starts, "phrases" are checked in the text, `from:`, `has:`, `before:` and `after:`
/// read the block's metadata, and `-` negates any item. All items must match.
enum SearchScript {
    /// The `has:` values with their `FilterFeatures` bits, as a JavaScript object.
    static let hasValues =
        "{" + FilterFeatures.hasValues.map { "\"\($0.name)\":\($0.feature.rawValue)" }.joined(separator: ",") + "}"

    /// The script.
    static let text = #"""
        (function(){
        "use strict";
        var HAS=\#(hasValues),MAXLEN=\#(SearchTerms.maximumLength),LIMIT=200;
        var LAST=[],MORE=[],i;
        for(i=0;i<128;i++){LAST[i]=-1;MORE[i]=0}
        "0123456789abcdefghijklmnopqrstuv".split("").forEach(function(c,k){LAST[c.charCodeAt(0)]=k});
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*".split("").forEach(function(c,k){MORE[c.charCodeAt(0)]=k});
        var me=document.currentScript,root=me?me.getAttribute("src").replace(/search\.js$/,""):"";
        var loaded={},waiting={};
        window.msgfmtSearch={load:function(chat,name,data){var k=chat+"/"+name;loaded[k]=data;var w=waiting[k];if(w){delete waiting[k];w.forEach(function(f){f(data)})}}};
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
        function decode(s){var out=[],v=0;for(var j=0;j<s.length;j++){var c=s.charCodeAt(j),d=c<128?LAST[c]:-1;if(d>=0){out.push(v*32+d);v=0}else v=v*32+(c<128?MORE[c]:0)}return out}
        function unzig(z){return z%2?-(z+1)/2:z/2}
        function sums(a,signed){var t=0;return a.map(function(x){t+=signed?unzig(x):x;return t})}
        var SPACE=/[\t-\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;
        var SPACES=/[\t-\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
        var WORD=/^[\p{Alphabetic}\p{N}\p{Mn}\p{Mc}\p{Me}]$/u;
        var DROP=/\p{Default_Ignorable_Code_Point}|(?![\u3099\u309A])(?=\p{Mn})[\p{Script=Inherited}\u0591-\u05C7]/gu;
        var foldCache=new Map();
        function foldChar(c){var f=foldCache.get(c);if(f===undefined){f=c.normalize("NFKD").toLowerCase().replace(/\u00DF/g,"ss").replace(/\u03C2/g,"\u03C3").normalize("NFKD").replace(DROP,"");foldCache.set(c,f)}return f}
        function spaceless(cp){return(cp>=0xE00&&cp<=0xEFF)||(cp>=0x1000&&cp<=0x109F)||(cp>=0x1780&&cp<=0x17FF)||(cp>=0x2E80&&cp<=0x9FFF)||(cp>=0xF900&&cp<=0xFAFF)||(cp>=0xFF66&&cp<=0xFF9F)||(cp>=0x20000&&cp<=0x3FFFF)}
        function alone(ch){return !ch||!WORD.test(ch)||spaceless(ch.codePointAt(0))}
        // The text folded as the index folds it, with the original range of each folded unit.
        function view(text){
        var s="",from=[],to=[],pending=false,at=0;
        for(var ch of text){var end=at+ch.length;
        if(SPACE.test(ch)){pending=s.length>0;at=end;continue}
        var f=foldChar(ch);
        if(f){if(pending){s+=" ";from.push(at);to.push(at);pending=false}
        s+=f;for(var k=0;k<f.length;k++){from.push(at);to.push(end)}}
        at=end}
        return{s:s,from:from,to:to}}
        // The same fold for a whole text at once (no ranges): faster, for checking candidates.
        function fold(text){return text.normalize("NFKD").toLowerCase().replace(/\u00DF/g,"ss").replace(/\u03C2/g,"\u03C3").normalize("NFKD").replace(DROP,"").replace(SPACES," ").trim()}
        function cut(t){if(t.length>MAXLEN){t=t.slice(0,MAXLEN);var c=t.charCodeAt(t.length-1);if(c>=0xD800&&c<0xDC00)t=t.slice(0,-1)}return t}
        // The index's terms of a folded query: words, and in a run of spaceless characters its
        // pairs (a run of one: the character, which finds the pairs it starts too).
        function terms(s){var out=[],word="",prev="",run=0;
        function add(t){if(t)out.push(cut(t))}
        for(var ch of s){if(spaceless(ch.codePointAt(0))){add(word);word="";if(prev)add(prev+ch);prev=ch;run++}else{if(run===1)add(prev);prev="";run=0;if(WORD.test(ch))word+=ch;else{add(word);word=""}}}
        add(word);if(run===1)add(prev);return out}
        function charBefore(s,i){if(i<=0)return"";var c=s.charCodeAt(i-1);if(c>=0xDC00&&c<0xE000&&i>=2)return s.slice(i-2,i);return s[i-1]}
        function charAt(s,i){return i<s.length?String.fromCodePoint(s.codePointAt(i)):""}
        // Where needle occurs in v.s starting a word (and, with whole, ending one), as ranges of v.s.
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
        var OPS={from:1,has:1,before:1,after:1};
        // The query's items: words and "phrases", from:, has:, before:, after:, each maybe negated.
        function parse(q){var items=[],i=0,n=q.length;
        while(i<n){while(i<n&&SPACE.test(q[i]))i++;if(i>=n)break;
        var neg=false;if(q[i]==="-"&&i+1<n&&!SPACE.test(q[i+1])){neg=true;i++}
        var op=null,m=/^([A-Za-z]+):/.exec(q.slice(i));if(m&&OPS[m[1].toLowerCase()]){op=m[1].toLowerCase();i+=m[0].length}
        var v="";if(q[i]==='"'){i++;while(i<n&&q[i]!=='"'){if(q[i]==="\\"&&i+1<n)i++;v+=q[i];i++}i++}else{while(i<n&&!SPACE.test(q[i])){v+=q[i];i++}}
        var item={neg:neg,op:op,value:v};
        if(!op){item.needle=fold(v);if(!item.needle)continue;item.terms=terms(item.needle);item.exact=item.terms.length===1&&item.terms[0]===item.needle}
        else if(op==="has"){item.bit=HAS[v.toLowerCase()];if(item.bit===undefined)return{error:"has:"+v+" is not one of "+Object.keys(HAS).join(", ")}}
        else if(op==="before"||op==="after"){item.day=dayOf(v);if(item.day===null)return{error:op+": needs a date like 2024-01-31, not '"+v+"'"}}
        else{if(!v)return{error:"from: needs a name or id"};item.id=v[0]==="@"?null:splitID(v);item.name=v[0]==="@"?"":fold(v)}
        items.push(item)}
        return{items:items}}
        function meta(chat,b){return load(chat,"m"+b).then(function(m){if(m&&!m.ids.map){m.ids=sums(decode(m.ids),true);m.pages=sums(decode(m.pages),false);m.times=sums(decode(m.times),true);m.who=decode(m.who);m.features=decode(m.features)}return m})}
        function bucket(chat,b,k){return load(chat,"i"+b+"_"+k).then(function(d){if(typeof d==="string"){var e=d.split("|");d={terms:e.map(function(x){return x.slice(0,x.indexOf(" "))}),posts:e};loaded[chat+"/i"+b+"_"+k]=d}return d})}
        // The block's messages that have a term starting with t.
        function lookup(chat,b,t,buckets){return bucket(chat,b,t.charCodeAt(0)%buckets).then(function(d){var set=new Set();if(!d)return set;
        var lo=0,hi=d.terms.length;while(lo<hi){var mid=(lo+hi)>>1;if(d.terms[mid]<t)lo=mid+1;else hi=mid}
        for(var j=lo;j<d.terms.length&&d.terms[j].indexOf(t)===0;j++){var p=d.posts[j],prev=-1;decode(p.slice(p.indexOf(" ")+1)).forEach(function(x){prev+=x+1;set.add(prev)})}
        return set})}
        function intersect(a,b){var out=new Set();a.forEach(function(x){if(b.has(x))out.add(x)});return out}
        // The block's messages an item's terms all find (null: every message).
        function candidates(chat,b,item,buckets){if(!item.terms.length)return Promise.resolve(null);
        return Promise.all(item.terms.map(function(t){return lookup(chat,b,t,buckets)})).then(function(sets){return sets.reduce(intersect)})}
        function fromMatches(item,sender){if(item.id){var p=splitID(sender[1]);if(p&&p.id===item.id.id&&(!item.id.kind||!p.kind||item.id.kind===p.kind))return true}
        return!!item.name&&hits(fold(sender[0]),item.name,true,false).length>0}
        function metaMatches(item,m,n){var day=Math.floor(m.times[n]/1440);
        if(item.op==="has")return(m.features[n]&item.bit)===item.bit;
        if(item.op==="before")return day<item.day;
        if(item.op==="after")return day>item.day;
        return fromMatches(item,m.senders[m.who[n]])}
        function pageName(p){return p?"messages"+(p+1)+".html":"messages.html"}
        function stamp(min){var d=new Date(min*60000);return isFinite(d.getTime())?d.toISOString().slice(0,16).replace("T"," "):""}
        async function search(query,scope){
        var index=await load("","chats");if(!index)return{error:"The search index is missing."};
        var parsed=parse(query);if(parsed.error)return parsed;var items=parsed.items;
        if(!items.length)return{results:[],total:0};
        var texts=items.filter(function(x){return!x.op}),positive=texts.filter(function(x){return!x.neg});
        function chunk(ord){return Math.floor(ord/index.textChunk)}
        // The text (or note) of a chat's message ord, once its file is loaded.
        function text(chat,ord){var t=loaded[chat.folder+"/t"+chunk(ord)],k=ord%index.textChunk;return{text:t?t.texts[k]:"",note:t&&t.notes[k]||""}}
        var chats=index.chats.filter(function(c){return!scope||c.folder===scope}),found=[];
        var jobs=[];
        chats.forEach(function(chat){for(var b=0;b*index.blockSize<chat.count;b++)jobs.push(searchBlock(chat,b))});
        // Every block at once: the browser loads their files in parallel. What the index and
        // the metadata decide is decided here; words and phrases the index only narrows
        // down are left for their text (r.check).
        async function searchBlock(chat,b){
        var mp=meta(chat.folder,b),sets=await Promise.all(texts.map(function(x){return candidates(chat.folder,b,x,index.buckets)}));
        var pick=null;positive.forEach(function(x){var s=sets[texts.indexOf(x)];if(s)pick=pick?intersect(pick,s):s});
        if(pick&&!pick.size)return;
        var m=await mp;if(!m)return;
        var list=pick?Array.from(pick):Array.from({length:m.count},function(_,k){return k});
        list.forEach(function(n){var check=[];
        for(var x of items){var ok;
        if(x.op)ok=metaMatches(x,m,n);
        else{var s=sets[texts.indexOf(x)];ok=s?s.has(n):true;if(ok&&!x.exact){check.push(x);continue}}
        if(ok===x.neg)return}
        found.push({chat:chat,ord:m.first+n,time:m.times[n],id:m.ids[n],meta:m,n:n,check:check})})}
        await Promise.all(jobs);
        found.sort(function(a,b){return b.time-a.time||b.id-a.id});
        // Newest first, load the texts of the next candidates (256, then twice as many each
        // round) and keep those whose text has the words, until a page of results is full:
        // a phrase of common words loads only the newest texts; the total then says "at least".
        var shown=[],total=0,i=0,step=256;
        while(i<found.length&&shown.length<LIMIT){
        var batch=found.slice(i,i+(found[i].check.length?step:LIMIT));i+=batch.length;step*=2;
        await Promise.all(Array.from(new Set(batch.map(function(r){return r.chat.folder+"/t"+chunk(r.ord)}))).map(function(k){var c=k.split("/t");return load(c[0],"t"+c[1])}));
        batch.forEach(function(r){var folded=null;
        for(var x of r.check){if(folded===null)folded=fold(text(r.chat,r.ord).text);if((hits(folded,x.needle,false,false).length>0)===x.neg)return}
        total++;if(shown.length<LIMIT)shown.push(r)})}
        var more=i<found.length;
        if(!found.some(function(r){return r.check.length})){total=found.length;more=false}
        shown.forEach(function(r){var t=text(r.chat,r.ord),m=r.meta;r.text=t.text;r.note=t.note;r.page=m.pages[r.n];r.sender=m.senders[m.who[r.n]][0]});
        return{results:shown,total:total,more:more,needles:positive.map(function(x){return x.needle})}}
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
        function params(){var p=new URLSearchParams(location.hash.slice(1));return{q:p.get("q")||"",scope:p.get("in")||""}}
        async function run(){var list=document.getElementById("search-results");if(!list)return;var t0=performance.now();
        var status=document.getElementById("search-status"),p=params(),box=document.querySelector("form.search input");
        if(box&&box.value!==p.q)box.value=p.q;
        list.textContent="";status.textContent="";list.removeAttribute("data-total");list.removeAttribute("data-more");
        if(!p.q.trim()){status.textContent="Type words to search for, \"a phrase\", from:NAME, has:link, before:2024-01-31 or after:2023-12-31.";return}
        var r=await search(p.q,p.scope);
        if(r.error){status.textContent=r.error;list.setAttribute("data-total","error");return}
        var index=loaded["/chats"],chat=p.scope&&index.chats.find(function(c){return c.folder===p.scope});
        status.textContent=(r.more?"At least ":"")+(r.total===0?"No messages match":r.total===1?"1 message":r.total+" messages")+(r.total>r.results.length?", the newest "+r.results.length+" shown":"")+(chat?" in "+chat.name:"")+".";
        if(chat){status.appendChild(document.createTextNode(" "));var all=el("a","","Search all chats");all.href="#q="+encodeURIComponent(p.q);status.appendChild(all)}
        r.results.forEach(function(h){var li=el("li","hit"),a=el("a");a.href=h.chat.folder+"/"+pageName(h.page)+"#message"+h.id;
        var head=el("span","hit-head");head.appendChild(el("b","",h.sender));
        if(index.chats.length>1&&!chat){head.appendChild(document.createTextNode(" in "));head.appendChild(el("span","hit-chat",h.chat.name))}
        var time=el("time","",stamp(h.time));head.appendChild(time);a.appendChild(head);
        a.appendChild(h.text?snippet(h.text,r.needles):el("span","hit-text hit-note",h.note));li.appendChild(a);list.appendChild(li)});
        list.setAttribute("data-total",String(r.total));if(r.more)list.setAttribute("data-more","");list.setAttribute("data-ms",(performance.now()-t0).toFixed(1));list.setAttribute("data-since-load-ms",performance.now().toFixed(1))}
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
