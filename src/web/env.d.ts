declare const __SNUG_VERSION__: string;
