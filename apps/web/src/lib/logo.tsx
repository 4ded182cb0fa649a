const BRAND_BLUE = '#1565c0';
const BRAND_AMBER = '#ffa000';

/** A chat bubble holding a course of bricks: chat for a building-materials company. */
function MarkShapes() {
  return (
    <>
      <rect width="48" height="48" rx="11" fill={BRAND_BLUE} />
      <path
        d="M14 10h20a5 5 0 0 1 5 5v13a5 5 0 0 1-5 5H22l-8 6v-6a5 5 0 0 1-5-5V15a5 5 0 0 1 5-5z"
        fill="#fff"
      />
      <rect x="13" y="15" width="10" height="5" rx="1" fill={BRAND_BLUE} />
      <rect x="25" y="15" width="10" height="5" rx="1" fill={BRAND_BLUE} />
      <rect x="13" y="22" width="4" height="5" rx="1" fill={BRAND_BLUE} />
      <rect x="19" y="22" width="10" height="5" rx="1" fill={BRAND_AMBER} />
      <rect x="31" y="22" width="4" height="5" rx="1" fill={BRAND_BLUE} />
    </>
  );
}

interface LogoProps {
  height: number;
  /** Omit where the logo sits inside a link or heading that already names it. */
  label?: string;
}

const a11y = (label: string | undefined) =>
  label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false };

export function LogoMark({ height, label }: LogoProps) {
  return (
    <svg viewBox="0 0 48 48" height={height} width={height} {...a11y(label)}>
      <MarkShapes />
    </svg>
  );
}

export function LogoFull({ height, label }: LogoProps) {
  return (
    <svg viewBox="0 0 158 48" height={height} width={(height * 158) / 48} {...a11y(label)}>
      <MarkShapes />
      <text
        x="58"
        y="33"
        fill="#0d47a1"
        fontFamily="Roboto, Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        textLength="98"
        lengthAdjust="spacingAndGlyphs"
      >
        Internal
      </text>
    </svg>
  );
}
