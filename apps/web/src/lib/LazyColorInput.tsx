import { ColorSwatch, TextInput, type ColorInputProps, type TextInputProps } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';

let ColorInputImpl: ComponentType<ColorInputProps> | null = null;
let loading: Promise<void> | null = null;
function loadColorInput(): Promise<void> {
  loading ??= import('./color-input-impl').then((m) => {
    ColorInputImpl = m.ColorInput;
  });
  return loading;
}

/**
 * Mantine's ColorInput, whose picker code (its Popover and floating-ui, ~24 KB gzip) loads when a
 * colour field is first pointed at or focused, not with the page (issue 36). Until then the same
 * field is drawn as a text input with the colour's swatch and typed into the same way.
 */
export function LazyColorInput(props: ColorInputProps) {
  const [state, setState] = useState<'idle' | 'wanted' | 'focused'>('idle');
  const [, setLoaded] = useState(ColorInputImpl !== null);
  useEffect(() => {
    if (state !== 'idle' && !ColorInputImpl) void loadColorInput().then(() => setLoaded(true));
  }, [state]);
  // Never swapped under the caret: a field focused before the picker arrived stays a text field
  // until it is left (what was typed is in the form either way).
  if (ColorInputImpl && state !== 'focused') return <ColorInputImpl {...props} />;
  const {
    format: _format,
    withEyeDropper: _withEyeDropper,
    withPicker: _withPicker,
    swatches: _swatches,
    swatchesPerRow: _swatchesPerRow,
    onChange,
    onFocus,
    onBlur,
    onChangeEnd: _onChangeEnd,
    fixOnBlur: _fixOnBlur,
    closeOnColorSwatchClick: _close,
    popoverProps: _popoverProps,
    eyeDropperIcon: _eyeDropperIcon,
    eyeDropperButtonProps: _eyeDropperButtonProps,
    withPreview: _withPreview,
    ...input
  } = props;
  const swatch = props.value ?? props.defaultValue;
  return (
    <TextInput
      {...(input as TextInputProps)}
      leftSection={swatch ? <ColorSwatch color={swatch} size={18} /> : null}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      onPointerEnter={() => setState((s) => (s === 'idle' ? 'wanted' : s))}
      onFocus={(event) => {
        onFocus?.(event);
        setState('focused');
      }}
      onBlur={(event) => {
        onBlur?.(event);
        setState('wanted');
      }}
    />
  );
}
