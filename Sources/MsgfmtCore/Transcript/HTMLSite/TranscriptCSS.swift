/// The transcript's own style sheet, inlined into every page of the HTML site after the
/// shared `HTMLPage.css` (whose palette, message-body, link and spoiler rules it builds
/// on): page header and navigation, day headers, sender groups, bubbles, replies, media
/// boxes and the media they show (images, players, download links), reactions, service
/// messages, pagination, the chat index and the day index.
enum TranscriptCSS {
    /// Colours the shared palette lacks: bubbles and the pills of days and reactions.
    private static let lightPalette = "--in:#f0f2f5;--out:#dcf3d0;--pill:#eceef1;--pill-fg:#4b5058;--tint:rgba(60,70,90,.08)"
    private static let darkPalette = "--in:#24282f;--out:#1f3b56;--pill:#2a2e35;--pill-fg:#b5bbc4;--tint:rgba(200,210,230,.09)"

    static let text =
        HTMLPage.themed(light: lightPalette, dark: darkPalette) + """
            a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}\
            .msgfmt-message a{text-decoration:underline;text-decoration-thickness:1px;text-underline-offset:2px}\
            .site-header{border-bottom:1px solid var(--rule)}\
            .site-header>div{max-width:46rem;margin:0 auto;padding:.55rem 1rem}\
            .site-header nav{font-size:.85rem;color:var(--muted)}\
            .site-header h1{margin:.1rem 0 0;font-size:1.2rem;line-height:1.3;overflow-wrap:anywhere}\
            .pager{text-align:center;margin:.8rem 0}\
            .pager a{display:inline-block;padding:.3rem .9rem;border:1px solid var(--rule);border-radius:1rem;font-size:.9rem}\
            .day{text-align:center;margin:1.1rem 0 .5rem}\
            .day span{display:inline-block;background:var(--pill);color:var(--pill-fg);border-radius:1rem;padding:.1rem .75rem;font-size:.8rem;font-weight:600}\
            .service{text-align:center;margin:.6rem auto;max-width:80%}\
            .service>span{display:inline-block;background:var(--pill);color:var(--pill-fg);border-radius:1rem;padding:.15rem .75rem;font-size:.85rem}\
            .service time{opacity:.75;margin-left:.35rem}\
            .group{margin:.75rem 0}\
            .sender{font-weight:600;font-size:.9rem;color:var(--link);margin:0 0 .15rem;overflow-wrap:anywhere}\
            .author{color:var(--muted);font-weight:400}\
            .message{margin:.15rem 0;overflow-wrap:anywhere}\
            .msgfmt .msgfmt-message{padding:0;border:0}\
            .forwarded,.via{color:var(--muted);font-size:.85rem}.forwarded b{color:var(--link);font-weight:600}\
            .reply{border-left:3px solid var(--quote);background:var(--tint);border-radius:0 .35rem .35rem 0;padding:.1rem .5rem;margin:.15rem 0 .25rem;font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:var(--muted)}\
            .reply a{color:inherit;text-decoration:none}.reply b{color:var(--link)}\
            .media{background:var(--tint);border-radius:.5rem;padding:.35rem .6rem;margin:.15rem 0 .25rem}\
            .media-title{font-weight:600}.media-title::before{content:"▣ ";color:var(--muted)}\
            .media-status{color:var(--muted);font-size:.85rem}\
            .media ul{margin:.2rem 0 0;padding-left:1.2rem;font-size:.9rem}\
            .media-shown{background:none;padding:0}\
            .media-shown img,.media-shown video{display:block;max-width:100%;height:auto;border-radius:.5rem}\
            .media-sticker img{max-width:10rem;border-radius:0}.sticker-emoji{font-size:4rem;line-height:1.1;text-decoration:none}\
            .custom-emoji{height:1.2em;width:auto;vertical-align:-0.2em}\
            .media-shown video.round{border-radius:50%;width:12rem;height:12rem;object-fit:cover}\
            .media-shown audio{display:block;width:100%;max-width:22rem;margin:.2rem 0}\
            .album{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.2rem;margin:.15rem 0;max-width:36rem}\
            .album-3{grid-template-columns:repeat(3,minmax(0,1fr))}.album>.message{margin:0;max-width:none}\
            .album img,.album video{width:100%;height:auto;aspect-ratio:1;object-fit:cover}\
            .media-file.media-shown,.media-voice_message.media-shown,.media-audio_file.media-shown{background:var(--tint);padding:.35rem .6rem}\
            .reactions{margin-top:.25rem}\
            .reactions span{display:inline-block;background:var(--tint);border-radius:1rem;padding:0 .5rem;margin:0 .25rem .1rem 0;font-size:.85rem}\
            .empty{color:var(--muted);font-style:italic}\
            .meta{color:var(--muted);font-size:.75rem;text-align:right;white-space:nowrap}.edited{font-style:italic}\
            .bubbles .group{display:flex;flex-direction:column;align-items:flex-start}\
            .bubbles .group.out{align-items:flex-end}.bubbles .group.out>.sender{display:none}\
            .bubbles .sender{padding:0 .75rem}\
            .bubbles .message{background:var(--in);border-radius:1rem;padding:.4rem .75rem .3rem;max-width:min(80%,36rem);box-sizing:border-box;--code-bg:var(--tint)}\
            .bubbles .out .message{background:var(--out)}\
            .bubbles .in .message+.message{border-top-left-radius:.35rem}\
            .bubbles .out .message+.message{border-top-right-radius:.35rem}\
            .bubbles .meta{margin-top:.1rem}\
            .list .message{display:flex;gap:.75rem;align-items:baseline;padding:.1rem 0}\
            .list .message>.content{flex:1;min-width:0}\
            .list .meta{order:-1;flex:none;width:3rem;display:flex;flex-direction:column-reverse;text-align:left;font-size:.8rem;font-variant-numeric:tabular-nums}\
            .list .sender{margin-left:3.75rem}\
            .index table{border-collapse:collapse;width:100%}\
            .index td,.index th{padding:.45rem .5rem;border-bottom:1px solid var(--rule);text-align:left;overflow-wrap:anywhere}\
            .index th,.index td+td{overflow-wrap:normal}.index th,.index td+td+td{white-space:nowrap}.index td:first-child{min-width:7rem}\
            @media (max-width:36rem){.index th:nth-child(2),.index td:nth-child(2){display:none}.index td,.index th{padding:.45rem .3rem}}\
            .index th{color:var(--muted);font-weight:600;font-size:.85rem}.index .count{text-align:right;font-variant-numeric:tabular-nums}.index .unreadable{color:var(--muted);font-size:.85em}\
            .days ul{columns:14rem;list-style:none;padding:0;margin:0}.days li{padding:.15rem 0}
            """
}
