import JuiceCLI

Juice.main()
