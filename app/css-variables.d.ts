// Pages set CSS custom properties inline (the professional's brand colours: brandTheme).
import "react";

declare module "react" {
  interface CSSProperties {
    [variable: `--${string}`]: string | number | undefined;
  }
}
