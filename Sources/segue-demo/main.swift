print("segue-demo")
