import { createContext, useContext } from 'react';

/**
 * A context that has no meaning outside its provider: the context to provide, and the hook that
 * reads it and throws `<hook> must be used inside <provider>` when there is none above it.
 */
export function requiredContext<T>(hook: string, provider: string) {
  const Context = createContext<T | null>(null);
  const useValue = (): T => {
    const value = useContext(Context);
    if (!value) throw new Error(`${hook} must be used inside ${provider}`);
    return value;
  };
  return [Context, useValue] as const;
}
