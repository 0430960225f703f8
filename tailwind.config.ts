import type { Config } from "tailwindcss";

/** Heirloom's theme: a calm navy and a warm gold, readable at every size. Loaded by client/src/index.css. */
export default {
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        border: "hsl(214 32% 88%)",
        input: "hsl(214 32% 85%)",
        ring: "hsl(222 60% 40%)",
        background: "hsl(210 40% 98%)",
        foreground: "hsl(222 47% 11%)",
        primary: { DEFAULT: "hsl(222 60% 28%)", foreground: "hsl(0 0% 100%)" },
        secondary: { DEFAULT: "hsl(214 32% 92%)", foreground: "hsl(222 47% 15%)" },
        accent: { DEFAULT: "hsl(38 80% 45%)", foreground: "hsl(222 47% 11%)" },
        muted: { DEFAULT: "hsl(214 32% 94%)", foreground: "hsl(215 20% 35%)" },
        destructive: { DEFAULT: "hsl(0 72% 42%)", foreground: "hsl(0 0% 100%)" },
        success: { DEFAULT: "hsl(142 64% 28%)", foreground: "hsl(0 0% 100%)" },
        card: { DEFAULT: "hsl(0 0% 100%)", foreground: "hsl(222 47% 11%)" },
      },
      borderRadius: { lg: "0.75rem", md: "0.5rem", sm: "0.375rem" },
      fontFamily: {
        sans: ["Inter", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
} satisfies Config;
