/**
 * Generated artwork: abstract SVG compositions in the brand palette, rendered
 * to JPEG/PNG with sharp, and hand-designed SVG logos for fictional partners.
 */
import { rng } from "./ids";
import type { ArtStyle } from "./media";

export const PALETTE = {
  navy: "#000131",
  blue: "#0955D5",
  mint: "#2EBB9B",
  orange: "#F19C09",
  deep: "#0A1F6B",
  sky: "#8DB7F5",
  white: "#FFFFFF",
} as const;

const BACKGROUNDS: [string, string][] = [
  [PALETTE.navy, PALETTE.blue],
  [PALETTE.navy, PALETTE.deep],
  [PALETTE.deep, PALETTE.mint],
  [PALETTE.navy, PALETTE.mint],
  [PALETTE.blue, PALETTE.navy],
  [PALETTE.navy, "#3B1D5E"],
];
const ACCENTS = [PALETTE.mint, PALETTE.orange, PALETTE.blue, PALETTE.sky];

const r1 = (n: number) => Math.round(n * 10) / 10;

/** An abstract composition for a cover, illustration or avatar. */
export function artSvg(key: string, style: ArtStyle, w: number, h: number): string {
  const rand = rng(key);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const [bg1, bg2] = pick(BACKGROUNDS);
  const angle = rand() * 360;
  const x2 = r1(50 + 50 * Math.cos((angle * Math.PI) / 180));
  const y2 = r1(50 + 50 * Math.sin((angle * Math.PI) / 180));
  const defs: string[] = [
    `<linearGradient id="bg" x1="${r1(100 - x2)}%" y1="${r1(100 - y2)}%" x2="${x2}%" y2="${y2}%"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>`,
  ];
  const body: string[] = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];

  // Soft colour fields.
  const blobs = 2 + Math.floor(rand() * 3);
  for (let i = 0; i < blobs; i++) {
    const color = pick(ACCENTS);
    const cx = r1(rand() * w);
    const cy = r1(rand() * h);
    const r = r1((0.3 + rand() * 0.3) * Math.max(w, h));
    const opacity = r1(0.35 + rand() * 0.4);
    defs.push(
      `<radialGradient id="blob${i}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="0.45" stop-color="${color}" stop-opacity="${r1(opacity * 0.6)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    );
    body.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#blob${i})"/>`);
  }

  const unit = Math.min(w, h);
  if (style === "graph") {
    const count = 9 + Math.floor(rand() * 6);
    const nodes = Array.from({ length: count }, () => ({
      x: r1(w * (0.08 + rand() * 0.84)),
      y: r1(h * (0.1 + rand() * 0.8)),
    }));
    const lines: string[] = [];
    nodes.forEach((a, i) => {
      const nearest = nodes
        .map((b, j) => ({ j, d: (a.x - b.x) ** 2 + (a.y - b.y) ** 2 }))
        .filter((n) => n.j !== i)
        .sort((m, n) => m.d - n.d)
        .slice(0, 2);
      for (const n of nearest) {
        if (n.j < i) continue;
        const b = nodes[n.j];
        if (b) lines.push(`M${a.x} ${a.y}L${b.x} ${b.y}`);
      }
    });
    body.push(
      `<path d="${lines.join("")}" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="${r1(unit / 300)}" fill="none"/>`,
    );
    nodes.forEach((n, i) => {
      const r = r1(unit * (0.008 + rand() * 0.014));
      const fill = i % 4 === 0 ? PALETTE.orange : i % 3 === 0 ? PALETTE.mint : PALETTE.white;
      body.push(
        `<circle cx="${n.x}" cy="${n.y}" r="${r * 2.6}" fill="${fill}" opacity="0.18"/><circle cx="${n.x}" cy="${n.y}" r="${r}" fill="${fill}"/>`,
      );
    });
  } else if (style === "rings") {
    const cx = r1(w * (0.25 + rand() * 0.5));
    const cy = r1(h * (0.25 + rand() * 0.5));
    const rings = 6 + Math.floor(rand() * 4);
    for (let i = 1; i <= rings; i++) {
      const color = i % 3 === 0 ? PALETTE.mint : PALETTE.white;
      body.push(
        `<circle cx="${cx}" cy="${cy}" r="${r1(unit * 0.07 * i)}" stroke="${color}" stroke-opacity="${r1(0.5 - i * 0.04)}" stroke-width="${r1(unit / 260)}" fill="none"/>`,
      );
    }
    body.push(`<circle cx="${cx}" cy="${cy}" r="${r1(unit * 0.035)}" fill="${PALETTE.orange}"/>`);
  } else if (style === "waves") {
    const count = 5 + Math.floor(rand() * 3);
    for (let i = 0; i < count; i++) {
      const y = h * (0.3 + (i / count) * 0.5);
      const amp = h * (0.06 + rand() * 0.1);
      const color = i % 2 === 0 ? PALETTE.mint : i % 3 === 0 ? PALETTE.orange : PALETTE.sky;
      body.push(
        `<path d="M0 ${r1(y)}C${r1(w * 0.25)} ${r1(y - amp)} ${r1(w * 0.5)} ${r1(y + amp)} ${r1(w * 0.75)} ${r1(y)}S${w} ${r1(y - amp * 0.6)} ${w} ${r1(y)}" stroke="${color}" stroke-opacity="${r1(0.35 + rand() * 0.4)}" stroke-width="${r1(unit / 140)}" fill="none"/>`,
      );
    }
  } else if (style === "grid") {
    const step = Math.round(unit / 12);
    const dots: string[] = [];
    for (let y = step; y < h; y += step) {
      for (let x = step; x < w; x += step) {
        const wave = Math.sin(x / (w / 3) + y / (h / 2));
        if (wave < 0.1) continue;
        dots.push(`M${x} ${y}h0.01`);
      }
    }
    body.push(
      `<path d="${dots.join("")}" stroke="#FFFFFF" stroke-opacity="0.45" stroke-linecap="round" stroke-width="${r1(unit / 90)}"/>`,
    );
    body.push(
      `<rect x="${r1(w * 0.62)}" y="${r1(h * 0.18)}" width="${r1(unit * 0.22)}" height="${r1(unit * 0.22)}" rx="${r1(unit * 0.03)}" fill="${PALETTE.orange}" opacity="0.9"/>`,
    );
  } else if (style === "blocks") {
    const count = 5 + Math.floor(rand() * 4);
    for (let i = 0; i < count; i++) {
      const bw = unit * (0.12 + rand() * 0.3);
      const bh = unit * (0.05 + rand() * 0.12);
      body.push(
        `<rect x="${r1(rand() * (w - bw))}" y="${r1(rand() * (h - bh))}" width="${r1(bw)}" height="${r1(bh)}" rx="${r1(bh / 2)}" fill="${pick(ACCENTS)}" opacity="${r1(0.55 + rand() * 0.4)}"/>`,
      );
    }
  } else if (style === "avatar") {
    const skin = pick(["#F5D0B5", "#D9A384", "#A86F4C", "#7A4A2E", "#EBC2A0"]);
    const shirt = pick([PALETTE.mint, PALETTE.orange, PALETTE.blue, PALETTE.sky]);
    body.push(
      `<path d="M${r1(w * 0.14)} ${h}C${r1(w * 0.16)} ${r1(h * 0.7)} ${r1(w * 0.32)} ${r1(h * 0.62)} ${r1(w * 0.5)} ${r1(h * 0.62)}S${r1(w * 0.84)} ${r1(h * 0.7)} ${r1(w * 0.86)} ${h}Z" fill="${shirt}"/>`,
      `<circle cx="${r1(w * 0.5)}" cy="${r1(h * 0.4)}" r="${r1(w * 0.17)}" fill="${skin}"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`;
}

type LogoIcon = "ring" | "triangle" | "bars" | "hex" | "wave" | "diamond" | "dots" | "arc";

function logoIcon(icon: LogoIcon, color: string, accent: string): string {
  switch (icon) {
    case "ring":
      return `<circle cx="20" cy="20" r="14" fill="none" stroke="${color}" stroke-width="6"/><circle cx="20" cy="20" r="4" fill="${accent}"/>`;
    case "triangle":
      return `<path d="M20 4L36 34H4Z" fill="${color}"/><path d="M20 18L27 32H13Z" fill="${accent}"/>`;
    case "bars":
      return `<rect x="4" y="20" width="8" height="16" rx="2" fill="${color}"/><rect x="16" y="12" width="8" height="24" rx="2" fill="${color}"/><rect x="28" y="4" width="8" height="32" rx="2" fill="${accent}"/>`;
    case "hex":
      return `<path d="M20 3L35 11.5V28.5L20 37L5 28.5V11.5Z" fill="${color}"/><path d="M20 13L27 17V25L20 29L13 25V17Z" fill="${accent}"/>`;
    case "wave":
      return `<path d="M3 24C9 12 15 12 20 20S31 28 37 16" fill="none" stroke="${color}" stroke-width="6" stroke-linecap="round"/><circle cx="37" cy="16" r="3" fill="${accent}"/>`;
    case "diamond":
      return `<path d="M20 2L38 20L20 38L2 20Z" fill="${color}"/><path d="M20 12L28 20L20 28L12 20Z" fill="${accent}"/>`;
    case "dots":
      return `<circle cx="10" cy="10" r="6" fill="${color}"/><circle cx="30" cy="10" r="6" fill="${accent}"/><circle cx="10" cy="30" r="6" fill="${accent}"/><circle cx="30" cy="30" r="6" fill="${color}"/>`;
    case "arc":
      return `<path d="M4 34A16 16 0 0 1 36 34" fill="none" stroke="${color}" stroke-width="7" stroke-linecap="round"/><circle cx="20" cy="12" r="5" fill="${accent}"/>`;
  }
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A partner wordmark: an icon and the name, on a transparent background. */
export function partnerLogoSvg(
  name: string,
  icon: LogoIcon,
  color: string,
  accent: string,
): string {
  const width = 52 + Math.round(name.length * 13.2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeXml(name)}">`,
    `<title>${escapeXml(name)}</title>`,
    logoIcon(icon, color, accent),
    `<text x="48" y="28" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="22" font-weight="700" letter-spacing="-0.3" fill="${color}">${escapeXml(name)}</text>`,
    "</svg>",
    "",
  ].join("\n");
}

/** The ID5 wordmark (our own simple design, not the real brand asset). */
export function id5LogoSvg(fill: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 40" role="img" aria-label="ID5">`,
    "<title>ID5</title>",
    `<path d="M4 6h7v28H4Z" fill="${fill}"/>`,
    `<path d="M17 6h11c9 0 15 5.6 15 14s-6 14-15 14H17Zm7 6v16h4c4.9 0 8-3.1 8-8s-3.1-8-8-8Z" fill="${fill}"/>`,
    `<path d="M49 6h20v6H55.6l-.6 4.4c1.3-.6 2.8-.9 4.4-.9 5.7 0 9.6 3.8 9.6 9.3 0 5.9-4.4 9.7-10.8 9.7-4.6 0-8.2-2-9.9-5.2l5.6-3c.9 1.5 2.4 2.3 4.2 2.3 2.6 0 4.2-1.4 4.2-3.6s-1.6-3.6-4-3.6c-1.6 0-2.9.6-3.8 1.5L48.6 21Z" fill="${fill}"/>`,
    `<circle cx="84" cy="29" r="5" fill="${PALETTE.mint}"/>`,
    "</svg>",
    "",
  ].join("\n");
}

/** A simple wordmark used for the acquired company on the press page. */
export function wordmarkSvg(name: string, color: string, accent: string): string {
  const width = 20 + Math.round(name.length * 15);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeXml(name)}">`,
    `<title>${escapeXml(name)}</title>`,
    `<rect x="0" y="32" width="${width}" height="4" rx="2" fill="${accent}"/>`,
    `<text x="0" y="26" font-family="Georgia, 'Times New Roman', serif" font-size="26" font-weight="700" fill="${color}">${escapeXml(name)}</text>`,
    "</svg>",
    "",
  ].join("\n");
}

export type { LogoIcon };
