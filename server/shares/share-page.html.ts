import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { SharePageView } from './share-page.view.ts';

/**
 * The share page's HTML: server-rendered, no script, one small inline style sheet and the
 * system's Korean fonts, so it opens at once on a weak link and in any in-app browser
 * (KakaoTalk, Naver). Every value goes through hono's `html`, which escapes it.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","Malgun Gothic",sans-serif;color:#1a1d23;background:#f3f5f8;line-height:1.5;word-break:keep-all;overflow-wrap:anywhere}
.wrap{max-width:560px;margin:0 auto;background:#fff;min-height:100vh}
.top{padding:12px 16px;border-bottom:1px solid #e3e7ee;font-weight:700;color:#1f4fd8}
.hero{margin:0;background:#e9edf3}
.hero img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover}
section{padding:16px;border-bottom:8px solid #f3f5f8}
h1{font-size:1.4rem;margin:4px 0;line-height:1.3}
h2{font-size:1.05rem;margin:0 0 8px}
h2.sub{margin-top:16px}
.tags{margin:0;color:#4a5261;font-size:.9rem}
.tag{display:inline-block;background:#1f4fd8;color:#fff;border-radius:4px;padding:0 6px;margin-right:6px;font-size:.8rem;font-weight:700}
.loc{margin:0;color:#4a5261}
.notice{margin:8px 0 0;padding:8px 12px;border-radius:6px;background:#fff4e5;color:#7a3e00;font-weight:600}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
dt{color:#4a5261}
dd{margin:0;font-weight:600}
h3.sub{font-size:.95rem;margin:16px 0 4px}
h3.sub span{font-weight:400;color:#4a5261;font-size:.85rem}
.types{list-style:none;padding:0}
.types li{border-top:1px solid #e3e7ee;padding:8px 0}
.types p{margin:0}
.types .type{font-weight:700}
.types .left{color:#4a5261;font-size:.9rem}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
ul{margin:0;padding-left:18px}
.pics{list-style:none;padding:0;display:grid;grid-template-columns:repeat(3,1fr);gap:4px}
.pics img{display:block;width:100%;aspect-ratio:1;object-fit:cover;background:#e9edf3}
.contact{position:sticky;bottom:0;display:flex;align-items:center;gap:8px;padding:10px 16px;border-bottom:0;border-top:1px solid #e3e7ee;background:#fff;box-shadow:0 -2px 8px rgb(0 0 0 / .06)}
.agent{flex:1;min-width:0;margin:0;line-height:1.35}
.agent span{color:#4a5261;font-size:.88rem}
.agent .phone{color:#1a1d23;font-size:.95rem}
.btn{display:block;text-align:center;padding:10px 14px;border-radius:8px;border:1px solid #1f4fd8;color:#1f4fd8;text-decoration:none;font-weight:700;white-space:nowrap}
.btn--primary{background:#1f4fd8;color:#fff}
footer{padding:16px;color:#4a5261;font-size:.85rem}
`;

function shell({ head, body }: { head: Html; body: Html }): Html {
  return html`<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="theme-color" content="#1f4fd8">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${head}
<style>${raw(STYLE)}</style>
</head>
<body><div class="wrap">
<header class="top">분양톡</header>
${body}
</div></body>
</html>`;
}

/** The preview card's picture (`/s/<token>/image.jpg`): the size KakaoTalk and Naver draw best. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export function sharePageHtml({
  view,
  pageUrl,
  expires,
}: {
  view: SharePageView;
  /** The link itself, absolute from PUBLIC_URL (og:url; the card's picture is beside it). */
  pageUrl: string;
  /** The day the link stops answering, as shown ("2026. 12. 27."). */
  expires: string;
}): Html {
  const [first, ...more] = view.pictures;
  const title = `${view.name} | 분양톡`;
  const head = html`<title>${title}</title>
<meta name="description" content="${view.description}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="분양톡">
<meta property="og:locale" content="ko_KR">
<meta property="og:title" content="${view.name}">
<meta property="og:description" content="${view.description}">
<meta property="og:url" content="${pageUrl}">
${
  first
    ? html`<meta property="og:image" content="${pageUrl}/image.jpg">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="${SHARE_IMAGE.width}">
<meta property="og:image:height" content="${SHARE_IMAGE.height}">
<meta property="og:image:alt" content="${view.name} 사진">
<meta name="twitter:card" content="summary_large_image">`
    : ''
}`;
  const facts = [
    view.propertyTypes.length > 0 ? html`<dt>매물 종류</dt><dd>${view.propertyTypes.join(', ')}</dd>` : '',
    view.counts ? html`<dt>동 / 세대 수</dt><dd>${view.counts}</dd>` : '',
    view.openDate ? html`<dt>준공·입주일</dt><dd>${view.openDate}</dd>` : '',
  ];
  const body = html`<main>
${first ? html`<figure class="hero"><img src="${first}" alt="${view.name} 사진 1" fetchpriority="high"></figure>` : ''}
<section>
<p class="tags"><span class="tag">${view.kind}</span>${view.propertyTypes.join(' · ')}</p>
<h1>${view.name}</h1>
${view.location ? html`<p class="loc">${view.location}</p>` : ''}
${view.soldOut ? html`<p class="notice">분양이 완료된 현장입니다.</p>` : ''}
</section>
${view.soldOut ? '' : pricesSection(view)}
<section aria-labelledby="facts">
<h2 id="facts">현장 정보</h2>
<dl>${facts}</dl>
${view.areas.length > 0 ? html`<h2 class="sub">타입·면적</h2><ul>${view.areas.map((a) => html`<li>${a}</li>`)}</ul>` : ''}
</section>
${more.length > 0 ? picturesSection({ name: view.name, pictures: more }) : ''}
<section class="contact" aria-labelledby="contact">
<h2 id="contact" class="sr-only">문의</h2>
<p class="agent"><strong>${view.contact.name}</strong>${view.contact.affiliation ? html` <span>${view.contact.affiliation}</span>` : ''}<br><span class="phone">${view.contact.phone}</span></p>
<a class="btn btn--primary" href="tel:${view.contact.dial}">전화하기</a>
<a class="btn" href="sms:${view.contact.dial}">문자</a>
</section>
</main>
<footer>${view.contact.name} 님이 분양톡에서 공유한 현장 정보입니다. 가격과 세대 정보는 바뀔 수 있으니 문의해 주세요. 이 링크는 ${expires}까지 열립니다.</footer>`;
  return shell({ head, body });
}

function pricesSection(view: SharePageView): Html {
  return html`<section aria-labelledby="prices">
<h2 id="prices">가격</h2>
${
  view.prices.length > 0
    ? html`<dl>${view.prices.map((p) => html`<dt>${p.label}</dt><dd>${p.text}</dd>`)}</dl>`
    : html`<p>가격 문의</p>`
}
${
  view.unitPrices.length > 0
    ? html`<h3 class="sub">타입별 가격 <span>(분양 완료 세대 제외)</span></h3>
<ul class="types">${view.unitPrices.map(
        (row) =>
          html`<li><p class="type">${row.type}</p><p class="left">분양 중 ${row.onSale}</p>${
            row.prices.length > 0 ? row.prices.map((p) => html`<p>${p}</p>`) : html`<p>가격 문의</p>`
          }</li>`,
      )}</ul>`
    : ''
}
</section>`;
}

function picturesSection({ name, pictures }: { name: string; pictures: string[] }): Html {
  return html`<section aria-labelledby="pictures">
<h2 id="pictures">사진</h2>
<ul class="pics">${pictures.map(
    (url, i) =>
      html`<li><a href="${url}"><img src="${url}" alt="${name} 사진 ${i + 2}" loading="lazy" decoding="async"></a></li>`,
  )}</ul>
</section>`;
}

/** The answer of a link that does not (or no longer) open: no word of why, nothing of the site. */
export function shareGoneHtml(): Html {
  return shell({
    head: html`<title>열 수 없는 링크입니다 | 분양톡</title>`,
    body: html`<main><section>
<h1>열 수 없는 링크입니다</h1>
<p>공유가 끝났거나 더 이상 공개되지 않는 현장입니다. 링크를 보낸 중개사에게 문의해 주세요.</p>
</section></main>`,
  });
}
