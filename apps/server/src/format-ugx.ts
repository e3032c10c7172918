/** Money for people to read: "UGX 1,500,000". The wire uses toUgxString ("1500000.00") instead. */
export function formatUgx(amount: number): string {
  return `UGX ${amount.toLocaleString('en-US')}`;
}
