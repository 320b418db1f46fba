import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { downloadTextFile, recoveryCodesFileText } from './recovery-file';

/** The new recovery codes, shown once, with a download of them as a text file. */
export function RecoveryCodesList({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  return (
    <Stack>
      <Text size="sm">
        Save these recovery codes somewhere safe. Each code can be used once to sign in if you lose
        access to your authenticator app. They will not be shown again.
      </Text>
      <SimpleGrid cols={2} spacing="xs" maw={360} data-testid="recovery-codes">
        {codes.map((value) => (
          <Code key={value} fz="md" ta="center" p={6}>
            {value}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button
          variant="default"
          onClick={() =>
            downloadTextFile('recovery-codes.txt', recoveryCodesFileText(codes, email))
          }
        >
          Download Codes
        </Button>
        <Button onClick={onDone}>I&apos;ve Saved Them</Button>
      </Group>
    </Stack>
  );
}
