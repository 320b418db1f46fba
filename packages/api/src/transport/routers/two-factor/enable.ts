import { z } from 'zod';
import { startTwoFactorSetup, TWO_FACTOR_TEXTS } from '../../../domain/two-factor';
import { currentPasswordInput } from './password-input';
import { twoFactor } from './area';

export const enable = twoFactor
  .authed(
    'POST /two-factor/enable',
    'Start the two-factor setup: a pending secret, its otpauth URL and a QR code (SVG)',
    {
      description:
        'The current password is required. Two-factor stays off until POST /two-factor/confirm ' +
        'receives a valid code. Calling this again replaces the pending secret. The QR code is ' +
        'rendered by this server.',
    },
  )
  .answers(
    currentPasswordInput,
    z.object({ secret: z.string(), qr_code_url: z.string(), qr_code_svg: z.string() }),
    TWO_FACTOR_TEXTS.setupStarted,
    ({ ctx, input }) => startTwoFactorSetup(ctx.deps, ctx.user, input.password),
  );
